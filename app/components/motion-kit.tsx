// The animated halves of app/components/motion.tsx. Only ever loaded by a dynamic import after hydration, so
// framer-motion (this module, LazyMotion's features and all) is in no page's first load (docs/decisions/014).
import type { ReactNode } from 'react';
import { AnimatePresence, LazyMotion, MotionConfig, domAnimation, m, useReducedMotion } from 'framer-motion';
import type { PresenceProps } from './motion';

/**
 * Off under prefers-reduced-motion: MotionConfig drops transforms, and the wrappers below make every change instant.
 * Around each animated part, not the page (see MotionRoot in motion.tsx).
 */
function Motion({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={domAnimation} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}

const OFFSET = { up: { y: -8 }, down: { y: 8 }, left: { x: -16 }, right: { x: 16 }, none: {} } as const;

/** Children with a key fade (and slide a little) in when they appear and out when they leave. */
export function Presence({ children, from = 'up', className, as = 'div' }: PresenceProps) {
  const reduce = useReducedMotion();
  const Tag = as === 'span' ? m.span : as === 'li' ? m.li : m.div;
  return (
    <Motion>
      <AnimatePresence initial={false}>
        {children.map(({ key, node, attributes }) => (
          <Tag
            key={key}
            className={className}
            {...attributes}
            initial={reduce ? false : { opacity: 0, ...OFFSET[from] }}
            animate={{ opacity: 1, x: 0, y: 0 }}
            exit={reduce ? { opacity: 0, transition: { duration: 0 } } : { opacity: 0, ...OFFSET[from] }}
            transition={reduce ? { duration: 0 } : { duration: 0.18, ease: 'easeOut' }}
          >
            {node}
          </Tag>
        ))}
      </AnimatePresence>
    </Motion>
  );
}

/** A bar whose width follows a percentage smoothly (the upload progress). */
export function ProgressFill({ percent, className }: { percent: number; className?: string }) {
  const reduce = useReducedMotion();
  return (
    <Motion>
      <m.div className={className} initial={false} animate={{ width: `${percent}%` }} transition={reduce ? { duration: 0 } : { duration: 0.2 }} />
    </Motion>
  );
}

/** A new step's content (the form's section) fades and rises in; instant under reduced motion (motion.tsx StepEnter). */
export function StepEnter({ children, className }: { children: ReactNode; className?: string }) {
  const reduce = useReducedMotion();
  return (
    <Motion>
      <m.div className={className} data-step-enter="" initial={reduce ? false : { opacity: 0, y: 8 }} animate={{ opacity: 1, y: 0 }} transition={reduce ? { duration: 0 } : { duration: 0.2, ease: 'easeOut' }}>
        {children}
      </m.div>
    </Motion>
  );
}
