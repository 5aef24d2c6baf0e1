// The shape of the portal's record ids (uuid text), in one place for the API's checks and the UI's.
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
