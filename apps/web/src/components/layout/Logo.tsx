import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../config/constants';

/** Argo's mark: a sail over a hull, in the primary blue. */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={`${PRODUCT_NAME} logo`}>
      <rect width="32" height="32" rx="7" fill="#007ACC" />
      <path d="M6 22c3 3 17 3 20 0l-2 4H8z" fill="#fff" />
      <path
        d="M16 5v15M16 6l8 12h-8M15 9l-6 9h6"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ withTagline = false }: { withTagline?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LogoMark />
      <div>
        <Text fw={700} size="lg" lh={1.1}>
          {PRODUCT_NAME}
        </Text>
        {withTagline && (
          <Text size="xs" c="dimmed" lh={1.1} visibleFrom="xs">
            {PRODUCT_TAGLINE}
          </Text>
        )}
      </div>
    </Group>
  );
}
