import { Anchor, type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Argo blue, built around #007ACC (index 6, the primary shade in both colour schemes). */
const argoBlue: MantineColorsTuple = [
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

const PRIMARY_SHADE = 6;

const fontFamily = 'Poppins, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'argo',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  colors: { argo: argoBlue },
  fontFamily,
  headings: { fontFamily, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1; axe: link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * Text colours dark enough for WCAG AA (4.5:1) in the light scheme: Mantine's dimmed grey and the text of its
 * "light" badges and alerts (shade 6 on a 10% tint) fall near 3:1, which axe-core reports as serious.
 */
const LIGHT_TEXT: Record<string, string> = {
  green: '#1b5e2a',
  teal: '#0b5e55',
  yellow: '#6e5200',
  gray: '#343a40',
  red: '#a51d1d',
  blue: '#0b4f8a',
  grape: '#6b2180',
  orange: '#8a3c00',
  argo: '#004c84',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Placeholders ("Choose a file", "Search by name") are read as text too: Mantine's grey is 2.1:1 on white.
    '--mantine-color-placeholder': '#6c757d',
    ...Object.fromEntries(
      Object.entries(LIGHT_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
    ),
  },
  dark: {
    // Mantine's dark placeholder grey is under 4.5:1 on the dark inputs.
    '--mantine-color-placeholder': '#9a9a9a',
  },
});
