import type { Widen } from '../translation';

/** Texts of a grower's getting-started checklist (in the marketplace shell). English first; Spanish must have the same keys. */
export const onboardingEn = {
  title: 'Get ready to sell',
  intro:
    'Buyers see your articles once these steps are done and Pesos & Produce has verified your company.',
  progress: '{{done}} of {{total}} done',
  listLabel: 'Steps to start selling',
  done: 'Done',
  toDo: 'To do',
  steps: {
    pacaLicense: 'Your PACA licence, in the company data',
    taxId: 'Your tax id (RFC), in the company data',
    bank: 'Bank data with your CLABE, where your sales are paid',
    article: 'Your first article, with a photo',
    verification: 'Verification by Pesos & Produce',
  },
  actions: {
    pacaLicense: 'Add your PACA licence',
    taxId: 'Add your tax id',
    bank: 'Register your CLABE',
    article: 'Add an article',
  },
  verification: {
    waiting:
      'Pending: once your PACA licence, tax id and CLABE are registered, our back office checks them.',
    pending:
      'Pending: our back office is checking your PACA licence and tax id. Buyers see your articles once you are verified.',
    withdrawn: 'Your verification was withdrawn, so buyers do not see your articles: {{reason}}',
  },
  preview: 'Preview your storefront',
  previewHint: 'See your company and articles as buyers will.',
} as const;

export const onboardingSp: Widen<typeof onboardingEn> = {
  title: 'Prepárate para vender',
  intro:
    'Los compradores ven tus artículos cuando termines estos pasos y Pesos & Produce haya verificado tu empresa.',
  progress: '{{done}} de {{total}} listos',
  listLabel: 'Pasos para empezar a vender',
  done: 'Listo',
  toDo: 'Pendiente',
  steps: {
    pacaLicense: 'Tu licencia PACA, en los datos de la empresa',
    taxId: 'Tu RFC (tax id), en los datos de la empresa',
    bank: 'Datos bancarios con tu CLABE, donde se pagan tus ventas',
    article: 'Tu primer artículo, con una foto',
    verification: 'Verificación de Pesos & Produce',
  },
  actions: {
    pacaLicense: 'Agregar tu licencia PACA',
    taxId: 'Agregar tu RFC',
    bank: 'Registrar tu CLABE',
    article: 'Agregar un artículo',
  },
  verification: {
    waiting:
      'Pendiente: cuando registres tu licencia PACA, tu RFC y tu CLABE, nuestro back office los revisa.',
    pending:
      'Pendiente: nuestro back office está revisando tu licencia PACA y tu RFC. Los compradores ven tus artículos cuando estés verificado.',
    withdrawn:
      'Se retiró tu verificación, así que los compradores no ven tus artículos: {{reason}}',
  },
  preview: 'Ver tu tienda como comprador',
  previewHint: 'Mira tu empresa y tus artículos como los verán los compradores.',
};
