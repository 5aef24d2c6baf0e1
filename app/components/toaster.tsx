// Toasts: the server's flash message rendered in a live region, top centre; with JS it leaves after 3 s.
import { useEffect, useState } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../../domain/constants';

export interface ToastData {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

const TONES = {
  success: { bg: 'brand.solid', color: 'brand.contrast' },
  error: { bg: 'red.700', color: 'white' },
  info: { bg: 'gray.800', color: 'white' },
} as const;

export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <Flex
          data-testid="toast"
          data-type={visible.type}
          minH="56px"
          align="center"
          gap={3}
          px={4}
          py={2}
          borderRadius="md"
          boxShadow="lg"
          {...TONES[visible.type]}
        >
          <Box flex="1">
            <Text fontWeight="semibold">{visible.title}</Text>
            {visible.description ? <Text fontSize="sm">{visible.description}</Text> : null}
          </Box>
        </Flex>
      ) : null}
    </div>
  );
}
