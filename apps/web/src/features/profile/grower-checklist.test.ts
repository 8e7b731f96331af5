import { makeClabe } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { growerChecklist } from './grower-checklist';

const photo = [{ sImageId: 'i1', sUrl: '/x.png' }];

describe('grower checklist', () => {
  it('starts with nothing done, the verification last', () => {
    const result = growerChecklist({
      enterprise: { sPacaLicense: null, sTaxId: null, bVerified: false },
      bank: { clabe: null },
      articles: [],
    });
    expect(result.steps.map((step) => [step.key, step.done])).toEqual([
      ['pacaLicense', false],
      ['taxId', false],
      ['bank', false],
      ['article', false],
      ['verification', false],
    ]);
    expect(result).toMatchObject({ complete: false, readyForReview: false });
  });

  it('wants PACA and tax id, a CLABE whose check digit holds, an active article with a photo, then the verification', () => {
    const valid = makeClabe('032', '180', '00011835971');
    const invalid = `${valid.slice(0, 17)}${(Number(valid[17]) + 1) % 10}`;
    const partly = growerChecklist({
      enterprise: { sPacaLicense: '20241187', sTaxId: ' ', bVerified: false },
      bank: { clabe: invalid },
      articles: [
        { bActive: true, aImages: [] },
        { bActive: false, aImages: photo },
      ],
    });
    expect(partly.steps.filter((step) => step.done).map((step) => step.key)).toEqual([
      'pacaLicense',
    ]);
    expect(partly.readyForReview).toBe(false);
    const waiting = growerChecklist({
      enterprise: { sPacaLicense: '20241187', sTaxId: 'HRE120315AB1', bVerified: false },
      bank: { clabe: valid },
      articles: [{ bActive: true, aImages: photo }],
    });
    // Everything the grower does is done: the back office's verification is what is left.
    expect(waiting).toMatchObject({ doneCount: 4, complete: false, readyForReview: true });
    const verified = growerChecklist({
      enterprise: { sPacaLicense: '20241187', sTaxId: 'HRE120315AB1', bVerified: true },
      bank: { clabe: valid },
      articles: [{ bActive: true, aImages: photo }],
    });
    expect(verified).toMatchObject({ doneCount: 5, complete: true });
  });
});
