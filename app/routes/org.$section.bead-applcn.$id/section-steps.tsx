// The application's sections as steps (each with its status in words), and the list of sections a failed
// Submit named, each linking to its step.
import { Link } from '@remix-run/react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { APPLICATION_MSG } from '../../../domain/messages';
import type { SectionStatusRow } from '../../api/types';

const STATUS_WORDS = { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', COMPLETED: 'Completed' } as const;

type Step = Pick<SectionStatusRow, 'sectionId' | 'name' | 'slug' | 'status' | 'isEntityProfile'>;

/** `marks`: by section id, what needs attention there (said in words under the step, not by colour alone). */
export function SectionSteps({ steps, current, marks, base }: { steps: Step[]; current: string; marks: Record<string, string>; base: string }) {
  return (
    <Box as="nav" aria-label="Application sections" w={{ base: 'full', lg: '17rem' }} flexShrink={0}>
      <Stack as="ol" gap={1} listStyleType="none" m={0} p={0}>
        {steps.map((s, i) => {
          const here = s.sectionId === current;
          return (
            <li key={s.sectionId}>
              <Link to={`${base}?step=${s.slug}`} aria-current={here ? 'step' : undefined} data-testid="section-step">
                <Box px={3} py={2} borderRadius="md" bg={here ? 'brand.muted' : 'bg'} borderWidth="1px" borderColor={marks[s.sectionId] ? 'border.error' : 'border'}>
                  <Text fontWeight={here ? 'semibold' : 'normal'} color={here ? 'brand.fg' : 'fg'}>
                    {i + 1}. {s.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {STATUS_WORDS[s.status]}
                    {s.isEntityProfile ? ' · from the Entity Profile' : ''}
                  </Text>
                  {marks[s.sectionId] ? (
                    <Text fontSize="xs" color="fg.error" data-testid="step-problem">
                      {marks[s.sectionId]}
                    </Text>
                  ) : null}
                </Box>
              </Link>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

export function SubmitErrors({ steps, sectionErrors, message, base }: { steps: Step[]; sectionErrors: Record<string, string>; message: string | null; base: string }) {
  if (!Object.keys(sectionErrors).length) return null;
  return (
    <Box role="alert" id="submit-errors" tabIndex={-1} data-error-summary="" borderWidth="1px" borderColor="border.error" bg="bg.error" p={4} borderRadius="md" mb={6} data-testid="submit-errors">
      <Text fontWeight="semibold" color="fg.error" mb={2}>
        {message ?? APPLICATION_MSG.incomplete}
      </Text>
      <Box as="ul" pl={5}>
        {steps
          .filter((s) => sectionErrors[s.sectionId])
          .map((s) => (
            <li key={s.sectionId}>
              <Link to={`${base}?step=${s.slug}`} style={{ textDecoration: 'underline' }}>
                {s.name}: {sectionErrors[s.sectionId]}
              </Link>
            </li>
          ))}
      </Box>
    </Box>
  );
}
