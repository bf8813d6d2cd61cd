import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Screens load some parts lazily (the message bar, dialogs): on a busy CI machine the first import
// of such a chunk can take longer than testing-library's 1 s default wait. A longer wait only
// matters to a test that would otherwise fail; a passing one returns as soon as the element shows.
configure({ asyncUtilTimeout: 5_000 });
