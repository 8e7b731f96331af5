import { describe, expect, it } from 'vitest';
import { isPayLater, orderTabNumber, orderTabOfParam, orderTabOfType } from './order-tabs';

describe('order tabs in the URL', () => {
  it('reads 0, 1 and 2 as in process, finalized and disputed', () => {
    expect(orderTabOfParam('0')).toBe('in-process');
    expect(orderTabOfParam('1')).toBe('finalized');
    expect(orderTabOfParam('2')).toBe('disputed');
  });

  it('refuses anything else', () => {
    for (const param of [undefined, '', '3', '-1', '01', 'a', '1.0']) {
      expect(orderTabOfParam(param)).toBeNull();
    }
  });

  it('gives back the number of a tab', () => {
    expect(orderTabNumber('disputed')).toBe(2);
  });

  it('takes the detail route type as the tab to go back to, in process by default', () => {
    expect(orderTabOfType('finalized')).toBe('finalized');
    expect(orderTabOfType('buyer')).toBe('in-process');
    expect(orderTabOfType(undefined)).toBe('in-process');
  });

  it('lets the buyer pay deferred and forward orders later only', () => {
    expect(isPayLater('DEFERRED')).toBe(true);
    expect(isPayLater('FORWARD')).toBe(true);
    expect(isPayLater('PAY_NOW')).toBe(false);
    expect(isPayLater('CONVERT_MXN')).toBe(false);
  });
});
