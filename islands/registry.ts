// Every island the server may render, by name. The name is also its folder under islands/.
import SubmitSplash from "./submit-splash";
import ThemePicker from "./theme-picker";

export const islandComponents = {
  "submit-splash": SubmitSplash,
  "theme-picker": ThemePicker,
} as const;

export type IslandName = keyof typeof islandComponents;
