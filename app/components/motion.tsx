// Motion where it helps a person follow a change (toasts coming and going, a step of the form, the filter drawer
// and its chips, the upload progress), and nowhere else. framer-motion is loaded by a dynamic import after
// hydration (motion-kit.tsx), so it is never in a page's first load; until it arrives, and without JavaScript,
// these wrappers render the same elements without animation: the page is static and complete. Under
// prefers-reduced-motion every change is instant (docs/decisions/014).
//
//   <MotionRoot> once around the page (root.tsx does it).
//   <Presence items={[{ key, node }]} className="…" /> for things that appear and leave (toasts, chips).
//   <ProgressFill percent={n} className="…" /> for a bar that grows.
//   <StepEnter stepKey={…}>…</StepEnter> for content replaced as a whole (the form's section).
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

type Kit = typeof import('./motion-kit');
const KitContext = createContext<Kit | null>(null);

let loaded: Kit | null = null;
const loadKit = () => import('./motion-kit');

/** Loads framer-motion once the page has hydrated, then animates the wrappers below. */
export function MotionRoot({ children }: { children: ReactNode }) {
  const [kit, setKit] = useState<Kit | null>(loaded);
  useEffect(() => {
    if (kit) return;
    let live = true;
    // After hydration and after the browser's idle moment: the first paint and input come first.
    const start = () =>
      loadKit().then(
        (k) => {
          loaded = k;
          document.documentElement.dataset.motion = 'ready'; // a marker for tests, like data-hydrated
          if (live) setKit(k);
        },
        () => undefined, // no motion is a fine page
      );
    const timer = window.setTimeout(() => (window.requestIdleCallback ?? ((f: () => void) => f()))(start), 0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [kit]);
  // The page stays where it is in the tree when motion arrives: wrapping it in framer-motion's providers then
  // would remount the whole page (typed answers and chosen files lost). Each animated part brings its own.
  return <KitContext.Provider value={kit}>{children}</KitContext.Provider>;
}

/** One thing that appears and leaves: its key, its content and its element's attributes (data-*, role…). */
export interface PresenceItem {
  key: string;
  node: ReactNode;
  attributes?: Record<string, string | undefined>;
}
export interface PresenceProps {
  children: PresenceItem[];
  className?: string;
  from?: 'up' | 'down' | 'left' | 'right' | 'none';
  as?: 'div' | 'span' | 'li';
}

/**
 * Each item in its own element; with motion loaded, items fade in when they appear and out when they leave.
 * Items already on screen when motion arrives are swapped only once they are gone, so nothing is re-announced.
 */
export function Presence(props: PresenceProps) {
  const kit = useContext(KitContext);
  const [animated, setAnimated] = useState(false);
  const empty = props.children.length === 0;
  useEffect(() => {
    if (kit && empty) setAnimated(true);
  }, [kit, empty]);
  if (kit && animated) return <kit.Presence {...props} />;
  const Tag = props.as ?? 'div';
  return (
    <>
      {props.children.map(({ key, node, attributes }) => (
        <Tag key={key} className={props.className} {...attributes}>
          {node}
        </Tag>
      ))}
    </>
  );
}

/** A bar filled to `percent`; with motion loaded, it grows smoothly. */
export function ProgressFill({ percent, className }: { percent: number; className?: string }) {
  const kit = useContext(KitContext);
  if (kit) return <kit.ProgressFill percent={percent} className={className} />;
  return <div className={className} style={{ width: `${percent}%` }} />;
}

/**
 * Content replaced as a whole when `stepKey` changes (the application form's section): with motion loaded, each new
 * one fades and rises in. The content on screen when motion arrives keeps its plain element (swapping it would
 * remount it and lose what was typed); from the first change of step on, every step enters animated.
 */
export function StepEnter({ stepKey, className, children }: { stepKey: string; className?: string; children: ReactNode }) {
  const kit = useContext(KitContext);
  const first = useRef(stepKey);
  const moved = useRef(false);
  if (stepKey !== first.current) moved.current = true;
  if (kit && moved.current) {
    return (
      <kit.StepEnter key={stepKey} className={className}>
        {children}
      </kit.StepEnter>
    );
  }
  return <div className={className}>{children}</div>;
}
