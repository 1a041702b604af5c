// Every island the server may render, by name. The name is also its folder under islands/.
import ThemePicker from "./theme-picker";
import Wizard from "./wizard";

export const islandComponents = {
  "theme-picker": ThemePicker,
  wizard: Wizard,
} as const;

export type IslandName = keyof typeof islandComponents;
