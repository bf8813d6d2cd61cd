import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

/**
 * A text input that hands its value to the form only once typing pauses (docs/product.md §9: inputs 300 ms,
 * comments 500 ms), so the preview is not recomputed on every keystroke. `onDraft` sees every
 * keystroke (a submit can flush what was typed last).
 */
export function DebouncedField({
  value,
  onCommit,
  onDraft,
  delay,
  money,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onCommit(value: string): void;
  onDraft?(value: string): void;
  delay: number;
  /** A dollar amount: "$" in front, decimal keyboard on phones. */
  money?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // A new value from outside (a reset, a loaded distribution) replaces the draft.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, delay]);

  return (
    <TextField
      {...props}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        onDraft?.(event.target.value);
      }}
      inputMode={money ? 'decimal' : props.inputMode}
      slotProps={
        money
          ? { ...props.slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }
          : props.slotProps
      }
    />
  );
}
