import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usersContract } from '../../../../domain/users/contract';
import { call } from '../../../api/call';
import { keys } from '../../../api/query-keys';
import { INPUT_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useTerms } from '../../../site/site-config';
import type { FieldWorker } from '../form-state';

/** At least this many characters before the search is sent (docs/product.md §5). */
export const MIN_SEARCH_LENGTH = 2;

const labelOf = (option: FieldWorker) =>
  option.missionary_number ? `${option.name} (#${option.missionary_number})` : option.name;

/**
 * User search for the Distribution Form (docs/product.md §5, §6): users with role missionary, from 2
 * characters; what is typed settles for 300 ms (input debounce) and the search itself waits 500 ms.
 */
export function FieldWorkerSearch(props: {
  value: FieldWorker | null;
  onChange(value: FieldWorker | null): void;
  disabled?: boolean;
  error?: string;
}) {
  const terms = useTerms();
  const [input, setInput] = useState('');
  const settled = useDebouncedValue(input.trim(), INPUT_DEBOUNCE_MS);
  const term = useDebouncedValue(settled, SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: keys.users.missionarySearch(term),
    queryFn: () => call(usersContract.searchUsers, { query: { q: term, role: 'missionary' } }),
    enabled: term.length >= MIN_SEARCH_LENGTH && !props.disabled,
  });
  const found: FieldWorker[] = (search.data ?? []).map((user) => ({
    id: user.id,
    name: user.name,
    missionary_number: user.missionary_number,
  }));
  const options =
    props.value && !found.some((option) => option.id === props.value?.id) ? [props.value, ...found] : found;
  const short = input.trim().length < MIN_SEARCH_LENGTH;
  const waiting = !short && (input.trim() !== term || search.isFetching);
  return (
    <Autocomplete<FieldWorker>
      id="field-worker"
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      options={options}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(list) => list}
      loading={waiting}
      disabled={props.disabled}
      noOptionsText={
        short
          ? `Type at least ${MIN_SEARCH_LENGTH} characters`
          : waiting
            ? 'Searching…'
            : search.isError
              ? 'The search failed. Try again.'
              : `No ${terms.missionary.toLowerCase()} found`
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${terms.missionary}`}
          required
          error={Boolean(props.error)}
          helperText={props.error ?? 'Search by name, email or Account #'}
        />
      )}
    />
  );
}
