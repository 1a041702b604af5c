// Advanced settings (SPEC.md §2): app and e-mail notification switches for General,
// Announcements and Social. General app notifications are locked on.
import { useState } from "react";
import type { ChannelSwitches } from "../../src/shared/enums";
import { api, errorMessage } from "../api";
import { FormError } from "../ui/field";

export type NotificationSettingsProps = { appNotifications: ChannelSwitches; emailNotifications: ChannelSwitches };

type Group = "appNotifications" | "emailNotifications";
type Key = keyof ChannelSwitches;

const CHANNELS: { key: Key; title: string; description: string }[] = [
  { key: "generalEnabled", title: "General", description: "Updates about your projects, payments and your account." },
  { key: "announcementsEnabled", title: "Announcements", description: "News and announcements from the Webstudio team." },
  { key: "socialEnabled", title: "Social", description: "Posts and highlights from our social channels." },
];

export default function NotificationSettings(props: NotificationSettingsProps) {
  const [values, setValues] = useState({ appNotifications: props.appNotifications, emailNotifications: props.emailNotifications });
  const [error, setError] = useState<string | null>(null);

  async function toggle(group: Group, key: Key, value: boolean) {
    const previous = values;
    setValues({ ...values, [group]: { ...values[group], [key]: value } });
    setError(null);
    const path = `${group}.${key}` as const;
    const { error: failed } = await api.api.users.me.settings.patch({ path, value });
    if (failed) {
      setValues(previous);
      setError(errorMessage(failed));
    }
  }

  const groups: { group: Group; title: string; hint: string }[] = [
    { group: "appNotifications", title: "App notifications", hint: "Shown in the bell and on the notifications page." },
    { group: "emailNotifications", title: "E-mail notifications", hint: "Sent to your e-mail address." },
  ];

  return (
    <div className="stack">
      {groups.map(({ group, title, hint }) => (
        <fieldset key={group} className="switch-group">
          <legend className="switch-legend">
            <span>{title}</span>
            <span className="subtle">{hint}</span>
          </legend>
          {CHANNELS.map((channel) => {
            const locked = group === "appNotifications" && channel.key === "generalEnabled";
            const id = `${group}-${channel.key}`;
            return (
              <div key={channel.key} className="switch-row">
                <label htmlFor={id} className="switch-text">
                  <span className="setting-label">
                    {channel.title}
                    {locked ? <span className="badge">Always on</span> : null}
                  </span>
                  <span className="subtle">{channel.description}</span>
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="switch"
                  aria-checked={locked ? true : values[group][channel.key]}
                  checked={locked ? true : values[group][channel.key]}
                  disabled={locked}
                  onChange={(event) => toggle(group, channel.key, event.target.checked)}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <FormError error={error} />
    </div>
  );
}
