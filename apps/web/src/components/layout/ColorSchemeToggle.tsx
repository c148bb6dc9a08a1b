import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { currentColorSchemeOption } from './color-scheme-options';

const loadMenu = () => import('./ColorSchemeMenu');

/**
 * Light, dark or auto (follows the operating system); Mantine stores the choice in localStorage.
 * The menu (Mantine's Menu and its positioning library: a seventh of /login's JavaScript) is loaded when the
 * button is pointed at or focused, and opens on the click.
 */
export function ColorSchemeToggle() {
  const { colorScheme } = useMantineColorScheme();
  const [OpenMenu, setOpenMenu] = useState<ComponentType | null>(null);
  if (OpenMenu) return <OpenMenu />;
  const current = currentColorSchemeOption(colorScheme);
  const open = () =>
    loadMenu().then(
      (module) => setOpenMenu(() => module.default),
      (error: unknown) => console.error('Could not load the colour scheme menu', error),
    );
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Colour scheme: ${current.label}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu().catch(() => {})}
      onFocus={() => void loadMenu().catch(() => {})}
      onClick={() => void open()}
    >
      <current.icon size={18} stroke={1.5} />
    </ActionIcon>
  );
}
