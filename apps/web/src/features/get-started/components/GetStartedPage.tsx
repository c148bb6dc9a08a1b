import type { Preview } from '@argo/contract';
import { Alert, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { MarketingLayout } from '../../../components/layout/MarketingLayout';
import { AnchorLink } from '../../../components/links';
import { PageLoader } from '../../../components/PageLoader';
import { previewQueryKey, previewQueryOptions, signedInQueryOptions } from '../api';
import { AccountStep } from './AccountStep';
import { PreviewStep } from './PreviewStep';
import { VentureStep } from './VentureStep';

/** /get-started: describe a venture → preview matching businesses → create the account. */
export function GetStartedPage() {
  const signedIn = useQuery(signedInQueryOptions());
  return (
    <MarketingLayout>
      <Stack gap="lg" maw={720} mx="auto">
        <div>
          <Title order={1}>Get Started</Title>
          <Text c="dimmed" mt={4}>
            Tell us about your venture and see which small businesses could become your customers — no account
            needed until you want to keep them.
          </Text>
        </div>
        {signedIn.isPending ? (
          <PageLoader />
        ) : signedIn.data ? (
          <Alert variant="light" title="You are signed in">
            Create and change your ventures on the <AnchorLink to="/ventures">Ventures</AnchorLink> page.
          </Alert>
        ) : (
          <Wizard />
        )}
      </Stack>
    </MarketingLayout>
  );
}

function Wizard() {
  const queryClient = useQueryClient();
  const stored = useQuery(previewQueryOptions());
  if (stored.isPending) return <PageLoader />;
  if (stored.isError) {
    return (
      <ErrorState
        title="Your preview could not be loaded"
        error={stored.error}
        onRetry={() => void stored.refetch()}
        isRetrying={stored.isFetching}
      />
    );
  }
  return (
    <WizardSteps
      preview={stored.data}
      onPreviewed={(preview) => queryClient.setQueryData(previewQueryKey, preview)}
    />
  );
}

const STEP = { venture: 0, preview: 1, account: 2 } as const;

interface WizardStepsProps {
  preview: Preview | null;
  onPreviewed: (preview: Preview) => void;
}

function WizardSteps({ preview, onPreviewed }: WizardStepsProps) {
  // Mounted once the stored preview is known: a reload with a stored preview resumes on the preview step.
  const [active, setActive] = useState<number>(preview ? STEP.preview : STEP.venture);
  const canLeaveFirstStep = preview !== null;
  return (
    <Stepper
      active={active}
      onStepClick={setActive}
      allowNextStepsSelect={false}
      size="sm"
      aria-label="Get started steps"
    >
      <Stepper.Step label="Your venture" description="Who you sell to">
        <VentureStep
          preview={preview}
          onPreviewed={(next) => {
            onPreviewed(next);
            setActive(STEP.preview);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label="Preview" description="Matching businesses" allowStepSelect={canLeaveFirstStep}>
        {preview && (
          <PreviewStep
            preview={preview}
            onEdit={() => setActive(STEP.venture)}
            onNext={() => setActive(STEP.account)}
          />
        )}
      </Stepper.Step>
      <Stepper.Step
        label="Create your account"
        description="Keep your venture"
        allowStepSelect={canLeaveFirstStep}
      >
        {preview && <AccountStep preview={preview} onBack={() => setActive(STEP.preview)} />}
      </Stepper.Step>
    </Stepper>
  );
}
