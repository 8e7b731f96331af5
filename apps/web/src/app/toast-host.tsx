import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { attachToaster, useToastWanted, type ToastOptions } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';

// A toaster that cannot load (offline) must neither take the page down nor swallow what a
// money screen has to say (an error, a refusal): the plain one below shows it instead.
const Toaster = lazy<ComponentType>(() =>
  import('./toaster').catch(() => ({ default: PlainToaster })),
);

const PLAIN_COLOURS: Record<NonNullable<ToastOptions['variant']>, string> = {
  default: '#313131',
  success: '#1b5e20',
  error: '#b71c1c',
  info: '#0d47a1',
  warning: '#e65100',
};

/** Toasts without notistack: the same place, colours and 5 s, newest on top. */
function PlainToaster() {
  const [toasts, setToasts] = useState<{ id: number; message: string; options?: ToastOptions }[]>(
    [],
  );
  useEffect(() => {
    let next = 0;
    return attachToaster((message, options) => {
      const id = (next += 1);
      setToasts((current) => [{ id, message, options }, ...current]);
      window.setTimeout(
        () => setToasts((current) => current.filter((toast) => toast.id !== id)),
        5000,
      );
    });
  }, []);
  return (
    <div style={{ position: 'fixed', top: 16, right: 16, zIndex: 1400, maxWidth: 360 }}>
      {toasts.map(({ id, message, options }) => (
        <div
          key={id}
          role={options?.variant === 'error' ? 'alert' : 'status'}
          style={{
            marginBottom: 8,
            padding: '10px 16px',
            borderRadius: 4,
            background: PLAIN_COLOURS[options?.variant ?? 'default'],
            color: options?.variant === 'warning' ? '#000' : '#fff',
          }}
        >
          {message}
        </div>
      ))}
    </div>
  );
}

/**
 * Mounts the toaster (notistack, its own chunk) once the browser is idle after the first load,
 * or at once when a toast is asked for earlier: not in the first load, ready before it is needed.
 */
export function ToastHost() {
  const wanted = useToastWanted();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!wanted && !idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
