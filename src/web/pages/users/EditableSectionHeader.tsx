import { Button, Stack, Typography } from '@mui/material';

/**
 * The heading of a profile section edited in place (docs/product.md §2.3): Edit enables the inputs; Cancel
 * puts the saved values back and Save submits the section's form, both disabling them again.
 */
export function EditableSectionHeader(props: {
  title: string;
  editable: boolean;
  editing: boolean;
  submitting: boolean;
  onEdit(): void;
  onCancel(): void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Typography variant="h2" sx={{ flexGrow: 1 }}>
        {props.title}
      </Typography>
      {props.editable &&
        (props.editing ? (
          <Stack direction="row" spacing={1}>
            <Button type="button" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={props.submitting}>
              Save
            </Button>
          </Stack>
        ) : (
          <Button type="button" variant="outlined" onClick={props.onEdit}>
            Edit
          </Button>
        ))}
    </Stack>
  );
}
