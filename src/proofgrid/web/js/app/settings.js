// Display preferences (light/dark follow the system through CSS; the high
// contrast option is ours) stored under their own key.

export const SETTINGS_SCHEMA = {
  version: 1,
  label: 'settings',
  initial: () => ({ highContrast: false }),
  validate: (d) => d !== null && typeof d === 'object' && typeof d.highContrast === 'boolean',
};

export function applySettings(settings, root = document.documentElement) {
  if (settings.highContrast) root.dataset.contrast = 'high';
  else delete root.dataset.contrast;
}
