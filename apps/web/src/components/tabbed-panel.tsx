import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

/**
 * Tabs over one panel: the tabs are named `{idPrefix}-tab-{value}` and the panel
 * `{idPrefix}-tabpanel`, labelled by the selected tab. Scrolls sideways on a phone.
 */
export function TabbedPanel<Value extends string>({
  idPrefix,
  tabs,
  value,
  labelOf,
  ariaLabel,
  onChange,
  children,
}: {
  idPrefix: string;
  tabs: readonly Value[];
  value: Value;
  labelOf: (value: Value) => string;
  ariaLabel: string;
  onChange: (next: Value) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={value}
          onChange={(_event, next: Value) => onChange(next)}
          aria-label={ariaLabel}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={labelOf(tab)}
              id={`${idPrefix}-tab-${tab}`}
              aria-controls={`${idPrefix}-tabpanel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${idPrefix}-tabpanel`} aria-labelledby={`${idPrefix}-tab-${value}`}>
        {children}
      </Box>
    </>
  );
}
