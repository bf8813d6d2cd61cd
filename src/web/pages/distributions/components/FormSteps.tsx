import { Box, Paper, Step, StepLabel, Stepper, useMediaQuery, useTheme } from '@mui/material';
import { visuallyHidden } from '../../../components/visually-hidden';

/** The wizard's stepper above the form. */
export function FormSteps({ steps, step }: { steps: readonly string[]; step: number }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stepper activeStep={step} alternativeLabel aria-label="Distribution steps">
        {steps.map((label, index) => (
          <Step key={label}>
            <StepLabel aria-current={index === step ? 'step' : undefined}>
              {/* On a phone the step's heading below names it; the icons keep their names for screen readers. */}
              {phone ? (
                <Box component="span" sx={visuallyHidden}>
                  {label}
                </Box>
              ) : (
                label
              )}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
