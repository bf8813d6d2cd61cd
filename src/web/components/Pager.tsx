import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { Box, IconButton, NativeSelect, Typography } from '@mui/material';

interface PagerProps {
  total: number;
  /** Zero-based. */
  page: number;
  limit: number;
  sizes: readonly number[];
  onPage(page: number): void;
  onLimit(limit: number): void;
}

/** "1–10 of 11": the rows shown and the total, as MUI's TablePagination words it. */
export function pageLabel(total: number, page: number, limit: number): string {
  if (total === 0) return '0–0 of 0';
  const from = page * limit + 1;
  const to = Math.min(total, (page + 1) * limit);
  return `${from}–${to} of ${total}`;
}

/**
 * Rows per page, the rows shown and the previous/next arrows. It wraps instead of overflowing, so at
 * 390 px the next-page arrow stays on screen whatever the label's length; MUI's
 * TablePagination kept one line and pushed the arrow out of view (and brought Tooltip and Popper).
 */
export function Pager({ total, page, limit, sizes, onPage, onLimit }: PagerProps) {
  const last = Math.max(0, Math.ceil(total / limit) - 1);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        rowGap: 0.5,
        px: 1,
        py: 0.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" aria-hidden>
          Rows per page:
        </Typography>
        {/* The phone's own picker; MUI's Select would bring Menu and Popover onto every list page. */}
        <NativeSelect
          value={limit}
          onChange={(event) => onLimit(Number(event.target.value))}
          disableUnderline
          inputProps={{ 'aria-label': 'Rows per page' }}
          sx={{ fontSize: '0.875rem' }}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" role="status" sx={{ whiteSpace: 'nowrap', mr: 0.5 }}>
          {pageLabel(total, page, limit)}
        </Typography>
        <IconButton aria-label="Go to previous page" disabled={page <= 0} onClick={() => onPage(page - 1)}>
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton aria-label="Go to next page" disabled={page >= last} onClick={() => onPage(page + 1)}>
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}
