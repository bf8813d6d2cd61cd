import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  /** Opens a dialog explaining the figure (the info buttons of docs/product.md §2.4). */
  onInfo?: () => void;
  infoLabel?: string;
  /** Totals and results are set in bold with a rule above. */
  emphasis?: boolean;
  /** A negative or otherwise alarming figure. */
  alert?: boolean;
  /** Small print under the value. */
  note?: ReactNode;
}

/**
 * Read-only figures as label/value rows: one column, values right-aligned, so money lines up on a
 * desk and on a phone alike.
 */
export function FigureList({ figures, dense }: { figures: Figure[]; dense?: boolean }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {figures.map((figure) => (
        <Box
          key={figure.label}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            py: dense ? 0.25 : 0.5,
            minHeight: dense ? 28 : 34,
            borderTop: figure.emphasis ? 1 : 0,
            borderColor: 'divider',
          }}
        >
          <Typography
            component="dt"
            variant="body2"
            color={figure.emphasis ? 'text.primary' : 'text.secondary'}
            sx={{ flexGrow: 1, minWidth: 0, fontWeight: figure.emphasis ? 600 : 400 }}
          >
            {figure.label}
            {figure.onInfo && (
              <Tooltip title={figure.infoLabel ?? `Details of ${figure.label}`}>
                <IconButton
                  size="small"
                  onClick={figure.onInfo}
                  aria-label={figure.infoLabel ?? `Details of ${figure.label}`}
                  sx={{ ml: 0.25, p: 0.25, verticalAlign: 'middle' }}
                >
                  <InfoOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Typography>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            <Typography
              component="span"
              variant="body2"
              color={figure.alert ? 'error' : 'text.primary'}
              sx={{ fontWeight: figure.emphasis ? 700 : 500, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {figure.value === null || figure.value === undefined || figure.value === '' ? '—' : figure.value}
            </Typography>
            {figure.note && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {figure.note}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
