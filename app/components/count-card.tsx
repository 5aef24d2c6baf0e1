import { Box, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';

/** A dashboard count that is also the link to the list it counts. */
export function CountCard({ label, count, to, testId }: { label: string; count: number; to: string; testId?: string }) {
  return (
    <Link to={to} data-testid={testId} aria-label={`${label}: ${count}`} style={{ display: 'block', borderRadius: '0.5rem' }}>
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p={5} h="full" _hover={{ borderColor: 'brand.solid', boxShadow: 'sm' }}>
        <Text fontSize="sm" color="fg.muted" mb={1}>
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" color="brand.fg" data-count>
          {count}
        </Text>
      </Box>
    </Link>
  );
}
