import Tooltip from '@mui/material/Tooltip';
import { cloneElement, type ReactElement } from 'react';

interface WithReasonProps {
  /** Why the action cannot be used; when unset the action is left as it is. */
  reason: string | undefined;
  /** One button-like element that takes `disabled`. */
  children: ReactElement<{ disabled?: boolean }>;
}

/**
 * Disables its one child and says why: the reason shows as a tooltip on hover and, since a
 * disabled button cannot take focus, on keyboard focus of the wrapper (which the tooltip
 * describes for screen readers). Without a reason the child renders untouched.
 */
export function WithReason({ reason, children }: WithReasonProps) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span tabIndex={0} data-disabled-reason={reason} style={{ display: 'inline-flex' }}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}
