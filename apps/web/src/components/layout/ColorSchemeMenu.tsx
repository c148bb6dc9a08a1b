import { ActionIcon, Menu, useMantineColorScheme } from '@mantine/core';
import { COLOR_SCHEME_OPTIONS, currentColorSchemeOption } from './color-scheme-options';

/** The menu of ColorSchemeToggle, loaded on first use: it opens as soon as it is there. */
export default function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = currentColorSchemeOption(colorScheme);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Colour scheme: ${current.label}`}>
          <current.icon size={18} stroke={1.5} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        {COLOR_SCHEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} stroke={1.5} />}
            onClick={() => setColorScheme(value)}
            fw={value === colorScheme ? 600 : undefined}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
