import type { Widen } from '../translation';

/** Texts of the security screen (second factor, company policy) and the audit log. */
export const securityEn = {
  title: 'Security',
  subtitle: 'Protect your sign-in with an authenticator app (a second factor).',
  setupRequired:
    'Your company requires a second factor. Set it up to continue using the application.',
  status: {
    title: 'Second factor (authenticator app)',
    on: 'On: sign-in and bank data changes ask for a code of your app.',
    off: 'Off: your password alone signs you in.',
    recoveryLeft: 'Recovery codes left: {{count}}',
  },
  setup: {
    start: 'Set up the second factor',
    scan: 'Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…), or type the secret.',
    secret: 'Secret',
    qrAlt: 'QR code to add this account to an authenticator app',
    code: 'Code of the app',
    confirm: 'Confirm and turn on',
    cancel: 'Cancel',
  },
  recovery: {
    title: 'Your recovery codes',
    intro:
      'Keep these ten codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
    done: 'I have kept them',
    copy: 'Copy',
    copied: 'Copied',
  },
  manage: {
    codeLabel: 'Current code (or a recovery code)',
    disable: 'Turn off',
    regenerate: 'New recovery codes',
    disabled: 'The second factor is off.',
  },
  policy: {
    title: 'Company policy',
    requireAll: 'Require a second factor of every member',
    saved: 'Policy saved.',
  },
  stepUp: {
    title: 'Confirm with your authenticator app',
    intro: 'Changing bank data asks for a fresh code of your app.',
    confirm: 'Confirm',
  },
  audit: {
    title: 'Audit log',
    subtitle: 'Every change made in your company: who, when, from where, and the outcome.',
    from: 'From',
    to: 'To',
    user: 'User',
    allUsers: 'All users',
    empty: 'No entries for these filters.',
    loadError: 'The audit log could not be loaded.',
    tableLabel: 'Audit log entries',
    fileName: 'audit-log',
    columns: {
      at: 'When',
      user: 'Who',
      ip: 'IP',
      userAgent: 'Browser',
      action: 'Action',
      entity: 'Record',
      before: 'Before',
      after: 'After',
      change: 'Change',
      outcome: 'Outcome',
    },
  },
};

export const securitySp: Widen<typeof securityEn> = {
  title: 'Seguridad',
  subtitle: 'Protege tu inicio de sesión con una app de autenticación (segundo factor).',
  setupRequired:
    'Tu empresa exige un segundo factor. Configúralo para seguir usando la aplicación.',
  status: {
    title: 'Segundo factor (app de autenticación)',
    on: 'Activo: el inicio de sesión y los cambios de datos bancarios piden un código de tu app.',
    off: 'Inactivo: tu contraseña basta para iniciar sesión.',
    recoveryLeft: 'Códigos de recuperación restantes: {{count}}',
  },
  setup: {
    start: 'Configurar el segundo factor',
    scan: 'Escanea este código QR con tu app de autenticación (Google Authenticator, 1Password, Authy…) o escribe el secreto.',
    secret: 'Secreto',
    qrAlt: 'Código QR para agregar esta cuenta a una app de autenticación',
    code: 'Código de la app',
    confirm: 'Confirmar y activar',
    cancel: 'Cancelar',
  },
  recovery: {
    title: 'Tus códigos de recuperación',
    intro:
      'Guarda estos diez códigos en un lugar seguro. Cada uno te permite entrar una vez si pierdes tu teléfono. Solo se muestran ahora.',
    done: 'Ya los guardé',
    copy: 'Copiar',
    copied: 'Copiados',
  },
  manage: {
    codeLabel: 'Código actual (o un código de recuperación)',
    disable: 'Desactivar',
    regenerate: 'Nuevos códigos de recuperación',
    disabled: 'El segundo factor está desactivado.',
  },
  policy: {
    title: 'Política de la empresa',
    requireAll: 'Exigir un segundo factor a todos los miembros',
    saved: 'Política guardada.',
  },
  stepUp: {
    title: 'Confirma con tu app de autenticación',
    intro: 'Cambiar datos bancarios pide un código reciente de tu app.',
    confirm: 'Confirmar',
  },
  audit: {
    title: 'Bitácora de auditoría',
    subtitle: 'Cada cambio hecho en tu empresa: quién, cuándo, desde dónde y el resultado.',
    from: 'Desde',
    to: 'Hasta',
    user: 'Usuario',
    allUsers: 'Todos los usuarios',
    empty: 'No hay registros con estos filtros.',
    loadError: 'No se pudo cargar la bitácora.',
    tableLabel: 'Registros de la bitácora',
    fileName: 'bitacora-auditoria',
    columns: {
      at: 'Cuándo',
      user: 'Quién',
      ip: 'IP',
      userAgent: 'Navegador',
      action: 'Acción',
      entity: 'Registro',
      before: 'Antes',
      after: 'Después',
      change: 'Cambio',
      outcome: 'Resultado',
    },
  },
};
