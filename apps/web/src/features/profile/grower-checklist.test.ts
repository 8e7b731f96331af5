import { makeClabe } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { growerChecklist } from './grower-checklist';

const photo = [{ sImageId: 'i1', sUrl: '/x.png' }];

describe('grower checklist', () => {
  it('starts with nothing done', () => {
    const result = growerChecklist({
      enterprise: { sPacaLicense: null, sTaxId: null },
      bank: { clabe: null },
      articles: [],
    });
    expect(result.steps.map((step) => [step.key, step.done])).toEqual([
      ['company', false],
      ['bank', false],
      ['article', false],
    ]);
    expect(result.complete).toBe(false);
  });

  it('wants both PACA and tax id, a CLABE whose check digit holds, an active article with a photo', () => {
    const valid = makeClabe('032', '180', '00011835971');
    const invalid = `${valid.slice(0, 17)}${(Number(valid[17]) + 1) % 10}`;
    const partly = growerChecklist({
      enterprise: { sPacaLicense: '20241187', sTaxId: ' ' },
      bank: { clabe: invalid },
      articles: [
        { bActive: true, aImages: [] },
        { bActive: false, aImages: photo },
      ],
    });
    expect(partly.doneCount).toBe(0);
    const done = growerChecklist({
      enterprise: { sPacaLicense: '20241187', sTaxId: 'HRE120315AB1' },
      bank: { clabe: valid },
      articles: [{ bActive: true, aImages: photo }],
    });
    expect(done).toMatchObject({ doneCount: 3, complete: true });
  });
});
