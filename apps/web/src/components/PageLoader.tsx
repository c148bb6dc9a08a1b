import { Center, Loader } from '@mantine/core';

/** A centred loader for a page (or the whole app) that is still loading. */
export function PageLoader() {
  return (
    <Center mih="60vh" w="100%" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
