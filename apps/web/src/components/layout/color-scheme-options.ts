import type { MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

export const COLOR_SCHEME_OPTIONS = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'Same as the system', icon: IconDeviceDesktop },
] as const satisfies readonly { value: MantineColorScheme; label: string; icon: typeof IconSun }[];

export type ColorSchemeOption = (typeof COLOR_SCHEME_OPTIONS)[number];

export function currentColorSchemeOption(colorScheme: MantineColorScheme): ColorSchemeOption {
  return COLOR_SCHEME_OPTIONS.find((option) => option.value === colorScheme) ?? COLOR_SCHEME_OPTIONS[2];
}
