// Standalone pages for 404, 403, 503 and failures: calm words, a way back, never a stack trace.
import type { ReactNode } from 'react';
import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';

export function StatusPage({ code, title, children, actions }: { code?: number; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Container maxW="2xl" py={{ base: 10, md: 20 }}>
      <main id="main">
        <StatusBody code={code} title={title} actions={actions}>
          {children}
        </StatusBody>
      </main>
    </Container>
  );
}

/** The same words without a page frame, for use inside the signed-in shell (which has the main landmark). */
export function StatusBody({ code, title, children, actions }: { code?: number; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Box maxW="2xl">
        {code ? (
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg" mb={2}>
            Error {code}
          </Text>
        ) : null}
        <Heading as="h1" size="2xl" mb={4} tabIndex={-1}>
          {title}
        </Heading>
        <Box color="fg.muted" mb={6}>
          {children}
        </Box>
        {actions ?? (
          <Button asChild colorPalette="brand">
            <Link to="/">Go to my start page</Link>
          </Button>
        )}
    </Box>
  );
}

const NOT_FOUND_TEXT = 'We could not find that page. The address may be mistyped, or the page may have moved.';

export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Page not found">
      <Text>{NOT_FOUND_TEXT}</Text>
    </StatusPage>
  );
}

export function UnauthorizedPage() {
  return (
    <StatusPage code={403} title="You do not have access to this page">
      <Text>Your account does not have permission to open this page. If you think it should, contact your administrator.</Text>
    </StatusPage>
  );
}

export function NotFoundContent() {
  return (
    <StatusBody code={404} title="Page not found">
      <Text>{NOT_FOUND_TEXT}</Text>
    </StatusBody>
  );
}

const TRY_AGAIN = (
  <Button asChild colorPalette="brand">
    {/* A plain link: a full reload is the retry, with or without scripts. */}
    <a href="">Try again</a>
  </Button>
);

/** The database (or the API) is away for a moment: nothing is lost, the person retries shortly. */
export function UnavailablePage({ message }: { message: string }) {
  return (
    <StatusPage code={503} title="Temporarily unavailable" actions={TRY_AGAIN}>
      <Text>{message}</Text>
    </StatusPage>
  );
}

export function UnavailableContent({ message }: { message: string }) {
  return (
    <StatusBody code={503} title="Temporarily unavailable" actions={TRY_AGAIN}>
      <Text>{message}</Text>
    </StatusBody>
  );
}
