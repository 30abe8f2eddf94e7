// Chinook's tables and columns as the structural schema validatePlan takes.
import { CHINOOK_SCHEMA as CHINOOK } from '@nl2sql/datasets';
import type { PlanCatalog } from '../src/index.js';

export const CHINOOK_SCHEMA: PlanCatalog = CHINOOK;
