// Placeholder until the AI settings panel lands.
export function AiSettingsPanel(_props: { onClose?: () => void }) {
  return <div>AI Analysis Settings</div>;
}
