import { createTheme } from '@mui/material/styles';

/** Calm shepherd greens; contrast checked for WCAG AA on text and buttons. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2f5d50', contrastText: '#ffffff' },
    secondary: { main: '#7a5230', contrastText: '#ffffff' },
    background: { default: '#f5f3ee', paper: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#2e6b34' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.35rem', fontWeight: 600 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    // Half the usual padding between cells of a small table (8 px a side, the outer edges kept at 16):
    // beside the menu at 1280 px a list of eight to ten columns and its row actions then fits instead
    // of scrolling sideways (the approved distributions, donations and processed reports did).
    MuiTableCell: {
      styleOverrides: {
        sizeSmall: {
          padding: '6px 8px',
          '&:first-of-type': { paddingLeft: 16 },
          '&:last-of-type': { paddingRight: 16 },
        },
      },
    },
    // A field is disabled while its form is busy (an import running), but what it says still matters:
    // MUI's disabled grey (38 % black, 2.3:1) becomes the secondary text colour (60 %, 5.7:1 on white).
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
  },
});
