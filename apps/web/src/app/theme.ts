import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Argo blue, built around #007ACC (index 6, the primary shade in both colour schemes). */
export const argoBlue: MantineColorsTuple = [
  '#e6f4ff',
  '#cce5fa',
  '#99c9f2',
  '#62abea',
  '#3792e3',
  '#1c83df',
  '#007acc',
  '#006bb5',
  '#005d9e',
  '#004c84',
];

export const PRIMARY_SHADE = 6;

const fontFamily = 'Poppins, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'argo',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  colors: { argo: argoBlue },
  fontFamily,
  headings: { fontFamily, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
