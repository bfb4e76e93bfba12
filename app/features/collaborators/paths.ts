/** Where the owner's collaborators and the files the account helps with live. */
export const COLLABORATORS_PATH = "/dashboard/shared-data/collaborators";
export const COLLABORATING_PATH = "/dashboard/shared-data/collaborating";
