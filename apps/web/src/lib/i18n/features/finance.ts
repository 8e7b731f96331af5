import type { Widen } from '../translation';

/** Texts shared by the finance screens (buttons, exports, countdown, status words). */
export const financeEn = {
  download: 'Download',
  downloading: 'Downloading document',
  exportFailed: 'The document could not be created.',
  notAvailable: 'N/A',
  countdown: 'Exchange rate will update in {{seconds}} seconds',
  quoteRefreshed: 'The exchange rate was updated. Please review the amounts.',
  cancel: 'Cancel',
  close: 'Close',
  continue: 'Continue',
  back: 'Back',
  save: 'Save',
  delete: 'Delete',
  confirm: 'Confirm',
  actions: 'Actions',
  noRows: 'Nothing to show yet.',
  required: 'El campo es obligatorio',
  totalCurrencyGain: 'Total currency gain',
} as const;

export const financeSp: Widen<typeof financeEn> = {
  download: 'Descargar',
  downloading: 'Descargando documento',
  exportFailed: 'No se pudo generar el documento.',
  notAvailable: 'N/A',
  countdown: 'Tipo de cambio se actualizará en {{seconds}} segundos',
  quoteRefreshed: 'El tipo de cambio se actualizó. Revisa los montos.',
  cancel: 'Cancelar',
  close: 'Cerrar',
  continue: 'Continuar',
  back: 'Regresar',
  save: 'Guardar',
  delete: 'Eliminar',
  confirm: 'Confirmar',
  actions: 'Acciones',
  noRows: 'Aún no hay nada que mostrar.',
  required: 'El campo es obligatorio',
  totalCurrencyGain: 'Total currency gain',
};
