// One Field component: a label, the input, a hint and errors tied to it with aria-describedby.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Box, Input, Text, chakra } from '@chakra-ui/react';

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <Box as="ul" id={id} listStyleType="none" m={0} p={0}>
      {errors.map((error) => (
        <Text as="li" key={error} color="fg.error" fontSize="sm" mt={1}>
          {error}
        </Text>
      ))}
    </Box>
  );
}

export interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: string[] | null;
  hint?: ReactNode;
}

export function Field({ label, inputProps, errors, hint }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Box mb={4}>
      <chakra.label htmlFor={inputProps.id} display="block" fontWeight="medium" mb={1}>
        {label}
      </chakra.label>
      {hint ? (
        <Text id={hintId} fontSize="sm" color="fg.muted" mb={1}>
          {hint}
        </Text>
      ) : null}
      <Input
        {...(inputProps as Omit<typeof inputProps, 'size'>)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        borderColor={errorId ? 'border.error' : undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </Box>
  );
}

/** Form-level message (e.g. the server's answer) announced to screen readers. */
export function FormAlert({ id, message, tone = 'error' }: { id?: string; message?: string | null; tone?: 'error' | 'info' }) {
  if (!message) return null;
  return (
    <Box
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      borderWidth="1px"
      borderColor={tone === 'error' ? 'border.error' : 'brand.solid'}
      bg={tone === 'error' ? 'bg.error' : 'brand.subtle'}
      color={tone === 'error' ? 'fg.error' : 'fg'}
      p={3}
      borderRadius="md"
      mb={4}
    >
      {message}
    </Box>
  );
}

/** Native selects work without JavaScript; this is their one look. */
export const nativeSelectStyle = {
  width: '100%',
  padding: '0.5rem',
  borderRadius: '0.375rem',
  border: '1px solid #8a8a8a',
  background: 'transparent',
  color: 'inherit',
} as const;
