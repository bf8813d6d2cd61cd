import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { ROLE_LABELS } from '../../../domain/roles';
import { USER_ROLES } from '../../../domain/users/schemas';
import type { RoleChoice } from './use-role-filter';

/** The Role select in the users list's toolbar ("All roles" or one role). */
export function RoleFilter({ value, onChange }: { value: RoleChoice; onChange(role: RoleChoice): void }) {
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      <InputLabel id="users-role-filter">Role</InputLabel>
      <Select
        labelId="users-role-filter"
        label="Role"
        value={value}
        onChange={(event) => onChange(event.target.value as RoleChoice)}
      >
        <MenuItem value="">All roles</MenuItem>
        {USER_ROLES.map((known) => (
          <MenuItem key={known} value={known}>
            {ROLE_LABELS[known]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
