// A dialog or drawer whose open state lives in the URL: rendered on the server, so it works without
// JavaScript; with JavaScript it takes focus, keeps it inside and closes on Escape.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from '@remix-run/react';
import { Box, Flex, Heading } from '@chakra-ui/react';

export interface UrlDialogProps {
  id: string;
  title: string;
  /** Where closing goes: the same URL without this dialog's parameters. */
  closeTo: string;
  children: ReactNode;
  placement?: 'center' | 'right';
  role?: 'dialog' | 'alertdialog';
  width?: string;
}

export function UrlDialog({ id, title, closeTo, children, placement = 'center', role = 'dialog', width = '600px' }: UrlDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const previous = document.activeElement as HTMLElement | null;
    const focusables = () =>
      Array.from(panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])'));
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? panel).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      } else if (event.key === 'Tab') {
        const items = focusables();
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [closeTo, navigate]);

  const right = placement === 'right';
  return (
    <Box position="fixed" inset={0} zIndex={1300} data-testid={`${id}-layer`}>
      <Link to={closeTo} preventScrollReset aria-hidden="true" tabIndex={-1} style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.45)' }} />
      <Box
        ref={ref}
        id={id}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        position="absolute"
        bg="bg"
        color="fg"
        boxShadow="xl"
        outline="none"
        overflowY="auto"
        {...(right
          ? { top: 0, right: 0, bottom: 0, w: `min(${width}, 100vw)` }
          : { top: '50%', left: '50%', transform: 'translate(-50%, -50%)', w: `min(${width}, calc(100vw - 2rem))`, maxH: 'calc(100vh - 2rem)', borderRadius: 'lg' })}
      >
        <Flex justify="space-between" align="center" px={6} pt={5} pb={3} borderBottomWidth="1px">
          <Heading as="h2" size="lg" id={`${id}-title`}>
            {title}
          </Heading>
          <Link to={closeTo} preventScrollReset aria-label="Close" style={{ padding: '0.25rem 0.5rem', fontSize: '1.5rem', lineHeight: 1 }}>
            <span aria-hidden="true">×</span>
          </Link>
        </Flex>
        <Box px={6} py={5}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
