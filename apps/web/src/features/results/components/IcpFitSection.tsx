import type { Business } from '@argo/contract';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { icpCriterionLabel } from '../../../lib/icp-words';
import { TierBadge } from './cells';
import { Fact, Section } from './drawer-parts';

/** The drawer's "ICP fit": the score and tier, and each criterion of the profile, matched or not, with its evidence. */
export function IcpFitSection({ business }: { business: Business }) {
  const reasons = business.details?.icp_reasons ?? [];
  if (business.icp_score === null && reasons.length === 0) return null;
  return (
    <Section title="ICP fit">
      <Fact label="Score and tier">
        <TierBadge tier={business.icp_tier} score={business.icp_score} />
      </Fact>
      {reasons.length > 0 && (
        <List size="sm" spacing={6} aria-label="ICP reasons" center>
          {reasons.map((reason) => (
            <List.Item
              key={`${reason.criterion}-${reason.evidence ?? ''}`}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color={reason.matched ? 'green' : 'gray'}
                  aria-label={reason.matched ? 'matched' : 'not matched'}
                >
                  {reason.matched ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              {icpCriterionLabel(reason.criterion)}
              {reason.evidence && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  — {reason.evidence}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
