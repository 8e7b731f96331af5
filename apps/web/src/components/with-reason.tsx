import { cloneElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';

interface WithReasonProps {
  /** Why the action cannot be used; when unset the action is left as it is. */
  reason: string | undefined;
  /** One button-like element that takes `disabled`. */
  children: ReactElement<{ disabled?: boolean }>;
}

interface ReasonTooltipProps {
  title: string;
  describeChild?: boolean;
  children: ReactElement;
}

/** Until MUI's tooltip is there (or if it cannot load), the reason is the span's own title. */
function TitleOnly({ title, children }: ReasonTooltipProps) {
  return cloneElement(children as ReactElement<{ title?: string }>, { title });
}

// Most users never see a reason: MUI's Tooltip (and Popper) load only when one is shown,
// which keeps them out of the first load.
const Tooltip = lazy<ComponentType<ReasonTooltipProps>>(() =>
  import('@mui/material/Tooltip').catch(() => ({ default: TitleOnly })),
);

/**
 * Disables its one child and says why: the reason shows as a tooltip on hover and, since a
 * disabled button cannot take focus, on keyboard focus of the wrapper (which the tooltip
 * describes for screen readers). Without a reason the child renders untouched.
 */
export function WithReason({ reason, children }: WithReasonProps) {
  if (!reason) return children;
  const wrapper = (
    <span tabIndex={0} data-disabled-reason={reason} style={{ display: 'inline-flex' }}>
      {cloneElement(children, { disabled: true })}
    </span>
  );
  return (
    <Suspense fallback={<TitleOnly title={reason}>{wrapper}</TitleOnly>}>
      <Tooltip title={reason} describeChild>
        {wrapper}
      </Tooltip>
    </Suspense>
  );
}
