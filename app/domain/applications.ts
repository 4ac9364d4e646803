/**
 * Option lists and step order of the transfer and new-supply flows for page components: no zod
 * here (the schemas are in transfer.ts and new-supply.ts, which only actions import).
 */
export {
  NEW_SUPPLY_STEPS,
  OWNERSHIP,
  REFERENCE_PATTERN,
  SUPPLY_COUNT_MAX,
  SUPPLY_COUNT_MIN,
  SUPPLY_TYPES,
  TARIFF_CATEGORIES,
  TRANSFER_STEPS,
  type Ownership,
  type SupplyType,
  type TariffCategory,
} from "../../api/applications/rules";
export { nextStep, reachableStep } from "../../api/applications/rules";
