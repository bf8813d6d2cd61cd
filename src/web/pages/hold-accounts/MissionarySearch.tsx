import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../hooks/useDebouncedValue';

export interface MissionaryOption {
  id: number;
  name: string;
  missionary_number: string | null;
}

const label = (option: MissionaryOption) =>
  option.missionary_number ? `${option.name} (#${option.missionary_number})` : option.name;

/**
 * Missionary search (docs/product.md §5, §6): users with role missionary, from 2 characters, debounced
 * 500 ms, through GET /search_user.
 */
export function MissionarySearch(props: {
  value: MissionaryOption | null;
  onChange(value: MissionaryOption | null): void;
  label?: string;
  id?: string;
  error?: string;
  helperText?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: queryKeyOf(usersContract.searchUsers, { query: { q: term, role: 'missionary' } }),
    queryFn: () => call(usersContract.searchUsers, { query: { q: term, role: 'missionary' } }),
    enabled: term.length >= 2,
  });
  const options: MissionaryOption[] = (search.data ?? []).map((user) => ({
    id: user.id,
    name: user.name,
    missionary_number: user.missionary_number,
  }));
  const typing = input.trim().length < 2;
  return (
    <Autocomplete<MissionaryOption>
      id={props.id}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      options={props.value && !options.some((o) => o.id === props.value?.id) ? [props.value, ...options] : options}
      getOptionLabel={label}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(list) => list}
      loading={search.isFetching}
      disabled={props.disabled}
      size={props.size}
      noOptionsText={typing ? 'Type at least 2 characters' : search.isFetching ? 'Searching…' : 'No missionary found'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label ?? 'Missionary'}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
        />
      )}
    />
  );
}
