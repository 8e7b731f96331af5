import type { Widen } from '../translation';

/** Texts of a grower's getting-started checklist (in the marketplace shell). English first; Spanish must have the same keys. */
export const onboardingEn = {
  title: 'Get ready to sell',
  intro: 'Buyers find you once these three steps are done.',
  progress: '{{done}} of {{total}} done',
  listLabel: 'Steps to start selling',
  done: 'Done',
  toDo: 'To do',
  steps: {
    company: 'Company data with your PACA licence and tax id',
    bank: 'Bank data with your CLABE, where your sales are paid',
    article: 'Your first article, with a photo',
  },
  actions: {
    company: 'Complete company data',
    bank: 'Register your CLABE',
    article: 'Add an article',
  },
  preview: 'Preview your storefront',
  previewHint: 'See your company and articles as buyers will.',
} as const;

export const onboardingSp: Widen<typeof onboardingEn> = {
  title: 'Prepárate para vender',
  intro: 'Los compradores te encuentran cuando termines estos tres pasos.',
  progress: '{{done}} de {{total}} listos',
  listLabel: 'Pasos para empezar a vender',
  done: 'Listo',
  toDo: 'Pendiente',
  steps: {
    company: 'Datos de la empresa con tu licencia PACA y tu RFC',
    bank: 'Datos bancarios con tu CLABE, donde se pagan tus ventas',
    article: 'Tu primer artículo, con una foto',
  },
  actions: {
    company: 'Completar datos de la empresa',
    bank: 'Registrar tu CLABE',
    article: 'Agregar un artículo',
  },
  preview: 'Ver tu tienda como comprador',
  previewHint: 'Mira tu empresa y tus artículos como los verán los compradores.',
};
