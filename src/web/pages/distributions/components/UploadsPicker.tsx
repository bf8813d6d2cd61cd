import { Autocomplete, Chip, TextField } from '@mui/material';
import { date, money } from '../../../format';

/** An upload to choose, with what it holds (all of it, or what is still undistributed). */
export interface UploadChoice {
  upload_name: string;
  donations: number;
  total_amount: number;
  last_imported_at?: string | null;
}

/**
 * The donation uploads a distribution (or Build MAT Day) takes, several at once (docs/distribution.md
 * "Several uploads in a month"). Choosing an option adds it and closes the list; a chip removes it.
 * Uploads still holding undistributed donations say how many and how much.
 */
export function UploadsPicker(props: {
  id: string;
  value: readonly string[];
  onChange(names: string[]): void;
  options: readonly UploadChoice[];
  /** Per upload, what no distribution has taken yet (of this missionary, or of anyone). */
  undistributed: readonly UploadChoice[];
  disabled?: boolean;
  loading?: boolean;
  error?: string;
  helperText: string;
}) {
  const byName = new Map(props.options.map((upload) => [upload.upload_name, upload]));
  const left = new Map(props.undistributed.map((upload) => [upload.upload_name, upload]));
  // A saved name no longer listed (or one only the undistributed list knows) stays choosable.
  const names = [...new Set([...props.value, ...props.undistributed.map((u) => u.upload_name), ...byName.keys()])];
  const describe = (name: string) => {
    const upload = byName.get(name);
    const rest = left.get(name);
    const parts = [
      upload ? `${upload.donations} donations, ${money(upload.total_amount)}` : null,
      upload?.last_imported_at ? `imported ${date(upload.last_imported_at)}` : null,
      rest ? `${rest.donations} undistributed (${money(rest.total_amount)})` : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? `${name} — ${parts.join(', ')}` : name;
  };
  return (
    <Autocomplete<string, true>
      id={props.id}
      multiple
      value={[...props.value]}
      onChange={(_event, value) => props.onChange(value)}
      options={names}
      disabled={props.disabled}
      loading={props.loading}
      noOptionsText="No donation file has been imported yet."
      // A read-only choice shows its chips without the remove icon.
      renderValue={(chosen, getItemProps) =>
        chosen.map((name, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={name} {...itemProps} onDelete={props.disabled ? undefined : onDelete} />;
        })
      }
      renderOption={({ key, ...optionProps }, name) => (
        <li key={key} {...optionProps} style={{ whiteSpace: 'normal' }}>
          {describe(name)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Donation Uploads"
          placeholder={props.value.length === 0 ? 'No donations' : undefined}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
        />
      )}
    />
  );
}
