/** Word lists the demo generators draw from. */
export const FIRST_NAMES = [
  'Emma', 'Julia', 'Mila', 'Tess', 'Sophie', 'Zoë', 'Sara', 'Nora', 'Yara', 'Eva', 'Anna', 'Evi', 'Saar', 'Lotte', 'Liv', 'Fenna',
  'Noah', 'Luca', 'Liam', 'Sem', 'Lucas', 'Levi', 'Finn', 'Daan', 'Milan', 'Jesse', 'Bram', 'Thijs', 'Sven', 'Ruben', 'Lars', 'Max',
  'Fatima', 'Amira', 'Ayoub', 'Mohammed', 'Sanne', 'Iris', 'Floor', 'Jasper', 'Koen', 'Pieter', 'Merel', 'Noor', 'Ilse', 'Joost',
  'Olivia', 'James', 'Charlotte', 'Oliver', 'Hannah', 'Lena', 'Mats', 'Stijn', 'Femke', 'Roos',
] as const;

export const LAST_NAMES = [
  'de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder',
  'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf',
  'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen', 'van den Heuvel', 'van der Veen', 'van den Broek',
  'El Amrani', 'Yilmaz', 'Kaya', 'Schouten', 'Hoekstra', 'Koster', 'Prins', 'Huisman', 'Postma', 'Kuipers', 'Willems', 'Maas',
] as const;

export const STUDIES = ['Computer Science', 'Psychology', 'Law', 'Medicine', 'Economics', 'History', 'Physics', 'Architecture', 'Music'] as const;

export const ALLERGIES = ['peanuts', 'gluten', 'lactose', 'shellfish', 'soy'] as const;

/** Dutch banks with their BIC, for IBANs that pass the checksum. */
export const BANKS = [
  ['ABNA', 'ABNANL2A'],
  ['INGB', 'INGBNL2A'],
  ['RABO', 'RABONL2U'],
  ['TRIO', 'TRIONL2U'],
  ['BUNQ', 'BUNQNL2A'],
  ['SNSB', 'SNSBNL2A'],
  ['ASNB', 'ASNBNL21'],
  ['KNAB', 'KNABNL2H'],
] as const;

/** Places around Amsterdam: [longitude, latitude]. */
export const CENTRE: readonly [number, number] = [4.9041, 52.3676];
