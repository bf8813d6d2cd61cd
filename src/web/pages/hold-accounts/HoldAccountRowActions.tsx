import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { HoldAccount } from './types';
import type { OpenHoldAccountDialog } from './use-hold-accounts';

/** An admin's Actions menu on one account: transactions, edit, recurring amounts, archive or restore, delete. */
export function HoldAccountRowActions({
  account,
  onOpen,
  onArchive,
}: {
  account: HoldAccount;
  onOpen(open: OpenHoldAccountDialog): void;
  onArchive(): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (open: OpenHoldAccountDialog) => {
    setAnchor(null);
    onOpen(open);
  };
  const archived = account.status === 'archived';
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Actions for ${account.fund_name}`}
        aria-haspopup="menu"
      >
        Actions
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick({ kind: 'transactions', account })}>Transactions</MenuItem>
        {!archived && <MenuItem onClick={() => pick({ kind: 'transaction', account })}>Add Transaction</MenuItem>}
        <MenuItem onClick={() => pick({ kind: 'edit', account })}>Edit</MenuItem>
        <MenuItem onClick={() => pick({ kind: 'recurring', account })}>Recurring Amounts</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onArchive();
          }}
        >
          {archived ? 'Restore' : 'Archive'}
        </MenuItem>
        <MenuItem onClick={() => pick({ kind: 'delete', account })} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}
