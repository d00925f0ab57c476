/**
 * Vocabulary of the fake third-party systems. Plain lists, picked from deterministically by hash, so the
 * same seed, account and record always show the same person, company or invoice.
 */

export const FEMALE_FIRST = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Ella',
  'Elizabeth', 'Camila', 'Luna', 'Sofia', 'Avery', 'Mila', 'Aria', 'Scarlett', 'Penelope', 'Layla', 'Chloe', 'Victoria',
  'Madison', 'Eleanor', 'Grace', 'Nora', 'Riley', 'Zoey', 'Hannah', 'Hazel', 'Lily', 'Ellie', 'Violet', 'Lillian',
  'Zoe', 'Stella', 'Aurora', 'Natalie', 'Emilia', 'Everly', 'Leah', 'Aubrey', 'Willow', 'Addison', 'Lucy', 'Audrey',
  'Priya', 'Mei', 'Aisha', 'Fatima', 'Yuki', 'Ingrid', 'Chiara', 'Lucia', 'Anika', 'Maya', 'Nadia', 'Keiko'
]

export const MALE_FIRST = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Theodore', 'Jack', 'Levi',
  'Alexander', 'Jackson', 'Mateo', 'Daniel', 'Michael', 'Mason', 'Sebastian', 'Ethan', 'Logan', 'Owen', 'Samuel',
  'Jacob', 'Asher', 'Aiden', 'John', 'Joseph', 'Wyatt', 'David', 'Leo', 'Luke', 'Julian', 'Hudson', 'Grayson',
  'Matthew', 'Ezra', 'Gabriel', 'Carter', 'Isaac', 'Jayden', 'Luca', 'Anthony', 'Dylan', 'Lincoln', 'Thomas',
  'Arjun', 'Wei', 'Omar', 'Hiroshi', 'Lars', 'Marco', 'Diego', 'Rahul', 'Kwame', 'Tomasz', 'Andrei', 'Felix'
]

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Kim', 'Chen', 'Singh', 'Okafor', 'Kowalski',
  'Schmidt', 'Rossi', 'Tanaka', 'Larsen', 'Novak', 'Dubois', 'Silva', 'Murphy', 'Cohen', 'Ivanova', 'Haddad'
]

export const COMPANY_PREFIXES = [
  'Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne',
  'Soylent', 'Massive', 'Oscorp', 'Gringotts', 'Monarch', 'Pied Piper', 'Prestige', 'Sterling', 'Blue Harbor',
  'Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adventure Works', 'Bluebird', 'Redwood', 'Summit',
  'Evergreen', 'Silverline', 'Brightwave', 'Ironclad', 'Keystone', 'Lighthouse', 'Meridian', 'Nimbus', 'Orion',
  'Pinnacle', 'Quantum', 'Riverbend', 'Sequoia', 'Trailhead', 'Vertex', 'Willow Creek', 'Zenith', 'Copperleaf',
  'Granite', 'Harborview', 'Juniper'
]

export const COMPANY_SUFFIXES = [
  'Labs', 'Logistics', 'Systems', 'Analytics', 'Health', 'Foods', 'Robotics', 'Media', 'Capital', 'Energy', 'Software',
  'Manufacturing', 'Consulting', 'Retail', 'Design', 'Networks', 'Biotech', 'Partners', 'Solutions', 'Outfitters'
]

export const COMPANY_FORMS = ['Inc.', 'LLC', 'Corp.', 'Ltd.', 'Co.', 'Group']

export const INDUSTRIES = [
  'Software', 'Healthcare', 'Financial Services', 'Manufacturing', 'Retail', 'Logistics', 'Education', 'Hospitality',
  'Construction', 'Media', 'Energy', 'Biotechnology', 'Real Estate', 'Telecommunications', 'Consulting'
]

export const JOB_TITLES = [
  'Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Engineering Manager', 'Product Manager',
  'Product Designer', 'Data Analyst', 'Data Scientist', 'Account Executive', 'Sales Development Representative',
  'Customer Success Manager', 'Support Specialist', 'Marketing Manager', 'Content Strategist', 'Recruiter',
  'HR Business Partner', 'People Operations Coordinator', 'Controller', 'Accountant', 'Financial Analyst',
  'Office Manager', 'Operations Manager', 'QA Engineer', 'DevOps Engineer', 'Security Engineer', 'IT Administrator',
  'Legal Counsel', 'Executive Assistant', 'VP of Engineering', 'Chief Financial Officer', 'Warehouse Associate',
  'Project Manager', 'Solutions Architect', 'Technical Writer', 'Payroll Specialist', 'Business Analyst'
]

export const DEPARTMENTS = [
  'Engineering', 'Product', 'Design', 'Sales', 'Marketing', 'Customer Success', 'Support', 'Finance', 'People',
  'Legal', 'Operations', 'IT', 'Data', 'Security', 'Facilities', 'Research'
]

export const TEAM_WORDS = [
  'Platform', 'Growth', 'Payments', 'Mobile', 'Infrastructure', 'Onboarding', 'Billing', 'Search', 'Identity',
  'Analytics', 'Enterprise', 'Partnerships', 'Core', 'Integrations', 'Reliability', 'Experience'
]

export interface Place {
  readonly city: string
  readonly state: string
  readonly postal: string
  readonly country: string
  readonly phone: string
  /** Digits after `phone` in a number of the place: the national number is the area code and these. */
  readonly subscriber: number
}

/**
 * Cities with their region, a postal code pattern's base, the country calling code with the area code, and how
 * many digits follow it, so a number has its country's national length (France, Australia and Singapore: 9,
 * 9 and 8 digits; London and Bangalore: 10).
 */
export const PLACES: readonly Place[] = [
  { city: 'San Francisco', state: 'CA', postal: '941', country: 'US', phone: '+1415', subscriber: 7 },
  { city: 'New York', state: 'NY', postal: '100', country: 'US', phone: '+1212', subscriber: 7 },
  { city: 'Austin', state: 'TX', postal: '787', country: 'US', phone: '+1512', subscriber: 7 },
  { city: 'Seattle', state: 'WA', postal: '981', country: 'US', phone: '+1206', subscriber: 7 },
  { city: 'Chicago', state: 'IL', postal: '606', country: 'US', phone: '+1312', subscriber: 7 },
  { city: 'Denver', state: 'CO', postal: '802', country: 'US', phone: '+1303', subscriber: 7 },
  { city: 'Boston', state: 'MA', postal: '021', country: 'US', phone: '+1617', subscriber: 7 },
  { city: 'Atlanta', state: 'GA', postal: '303', country: 'US', phone: '+1404', subscriber: 7 },
  { city: 'Portland', state: 'OR', postal: '972', country: 'US', phone: '+1503', subscriber: 7 },
  { city: 'Miami', state: 'FL', postal: '331', country: 'US', phone: '+1305', subscriber: 7 },
  { city: 'Toronto', state: 'ON', postal: 'M5V', country: 'CA', phone: '+1416', subscriber: 7 },
  { city: 'Vancouver', state: 'BC', postal: 'V6B', country: 'CA', phone: '+1604', subscriber: 7 },
  { city: 'London', state: 'England', postal: 'EC1', country: 'GB', phone: '+4420', subscriber: 8 },
  { city: 'Manchester', state: 'England', postal: 'M1 ', country: 'GB', phone: '+44161', subscriber: 7 },
  { city: 'Berlin', state: 'Berlin', postal: '101', country: 'DE', phone: '+4930', subscriber: 7 },
  { city: 'Munich', state: 'Bavaria', postal: '803', country: 'DE', phone: '+4989', subscriber: 7 },
  { city: 'Paris', state: 'Île-de-France', postal: '750', country: 'FR', phone: '+331', subscriber: 8 },
  { city: 'Amsterdam', state: 'North Holland', postal: '101', country: 'NL', phone: '+3120', subscriber: 7 },
  { city: 'Dublin', state: 'Leinster', postal: 'D02', country: 'IE', phone: '+3531', subscriber: 7 },
  { city: 'Sydney', state: 'NSW', postal: '200', country: 'AU', phone: '+612', subscriber: 8 },
  { city: 'Singapore', state: 'Singapore', postal: '018', country: 'SG', phone: '+65', subscriber: 8 },
  { city: 'Bangalore', state: 'Karnataka', postal: '560', country: 'IN', phone: '+9180', subscriber: 8 }
]

export const STREET_NAMES = [
  'Market St', 'Main St', 'Oak Ave', 'Maple Dr', 'Pine St', 'Cedar Ln', 'Elm St', 'Washington Blvd', 'Lake Shore Dr',
  'Park Ave', 'Mission St', 'Broadway', 'Sunset Blvd', 'Highland Ave', 'Riverside Dr', 'Hillcrest Rd', 'King St',
  'Queen St', 'Harbor Way', 'Innovation Way', 'Commerce St', 'Union St', 'Spring St', 'Valencia St'
]

export const STREET_2 = ['Suite 100', 'Suite 200', 'Suite 450', 'Floor 3', 'Floor 12', 'Apt 4B', 'Unit 7', 'Building C']

export const BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'Citibank', 'Silicon Valley Bank', 'HSBC', 'Barclays', 'Deutsche Bank', 'US Bank', 'Capital One']

export const BENEFIT_PLANS = [
  'Blue Shield PPO', 'Kaiser HMO', 'Aetna Choice POS', 'Delta Dental PPO', 'VSP Vision', 'Guardian Life',
  'Fidelity 401(k)', 'Health Savings Account', 'Commuter Benefits', 'Flexible Spending Account'
]

export const PRODUCTS = [
  'Consulting Hours', 'Annual Subscription', 'Support Plan', 'Implementation Fee', 'Hardware Kit', 'Training Session',
  'Premium License', 'Cloud Storage 1TB', 'Onboarding Package', 'Maintenance Contract', 'Office Chairs',
  'Laptop Stand', 'Monitor 27"', 'Shipping', 'Travel Expenses', 'Catering', 'Design Services', 'API Usage'
]

export const SKILLS_TAGS = [
  'Referral', 'Strong Culture Fit', 'Spanish Speaker', 'Remote', 'Relocation', 'Senior', 'Returning Candidate',
  'Leadership', 'Top Talent', 'Needs Visa', 'Silver Medalist', 'Campus Hire'
]

export const TICKET_SUBJECTS = [
  'Cannot log in after password reset', 'Invoice total does not match the quote', 'Export to CSV times out',
  'Request for a new user seat', 'Dashboard shows stale data', 'Webhook deliveries failing', 'Feature request: dark mode',
  'Billing address needs an update', 'SSO configuration help', 'Mobile app crashes on launch', 'Refund request',
  'Data import stuck at 90%', 'Need API rate limit increase', 'Email notifications not arriving', 'Upgrade plan'
]

export const NOTE_SUBJECTS = [
  'Quarterly business review', 'Follow-up on pricing', 'Intro call', 'Contract renewal', 'Product demo',
  'Kickoff meeting', 'Technical deep dive', 'Budget discussion', 'Security questionnaire', 'Onboarding check-in'
]

export const SENTENCES = [
  'Discussed next steps and agreed on a timeline.', 'Customer asked for a revised proposal by Friday.',
  'Shared the onboarding checklist with the team.', 'Waiting on legal review before signing.',
  'Follow up next week to confirm budget approval.', 'Requested a demo of the reporting features.',
  'Resolved after clearing the browser cache.', 'Escalated to the engineering on-call.',
  'Candidate showed strong problem-solving skills.', 'Great communication and relevant experience.',
  'Needs more depth in system design.', 'Scheduled a follow-up interview with the hiring manager.',
  'Payment received in full.', 'Approved by the finance team.', 'Monthly subscription renewal.',
  'Reimbursement for client travel.', 'Quarterly tax estimate.', 'Updated the shipping address on file.'
]

export const ARTICLE_TITLES = [
  'Getting started', 'How to reset your password', 'Expense policy', 'Remote work guidelines', 'Onboarding checklist',
  'Release notes', 'Security best practices', 'Travel policy', 'Using the API', 'Troubleshooting sync errors',
  'Holiday calendar', 'Brand guidelines', 'Incident response runbook', 'Benefits overview'
]

export const FILE_KINDS: ReadonlyArray<{ readonly ext: string, readonly mime: string, readonly words: readonly string[] }> = [
  { ext: 'pdf', mime: 'application/pdf', words: ['Offer Letter', 'Contract', 'Invoice', 'Handbook', 'Report', 'Resume'] },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', words: ['Meeting Notes', 'Proposal', 'Policy Draft', 'Cover Letter'] },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', words: ['Budget', 'Forecast', 'Headcount Plan', 'Expenses'] },
  { ext: 'png', mime: 'image/png', words: ['Screenshot', 'Logo', 'Diagram', 'Mockup'] },
  { ext: 'jpg', mime: 'image/jpeg', words: ['Photo', 'Team Offsite', 'Receipt', 'Badge'] },
  { ext: 'txt', mime: 'text/plain', words: ['README', 'Notes', 'Changelog'] },
  { ext: 'csv', mime: 'text/csv', words: ['Export', 'Contacts', 'Transactions'] }
]

export const FOLDER_NAMES = ['Finance', 'HR', 'Marketing', 'Sales', 'Engineering', 'Legal', 'Projects', 'Archive', 'Shared', 'Templates', 'Contracts', 'Design']

export const ACCOUNT_NAMES = [
  'Cash', 'Accounts Receivable', 'Accounts Payable', 'Inventory', 'Prepaid Expenses', 'Office Equipment', 'Revenue',
  'Cost of Goods Sold', 'Payroll Expenses', 'Rent Expense', 'Utilities', 'Software Subscriptions', 'Travel',
  'Meals and Entertainment', 'Retained Earnings', 'Sales Tax Payable', 'Checking Account', 'Savings Account',
  'Credit Card', 'Depreciation', 'Interest Income', 'Bank Fees', 'Advertising', 'Professional Fees'
]

export const REPORT_LINES = [
  'Revenue', 'Cost of Revenue', 'Gross Profit', 'Operating Expenses', 'Salaries', 'Rent', 'Marketing', 'Net Income',
  'Current Assets', 'Fixed Assets', 'Current Liabilities', 'Equity', 'Operating Activities', 'Investing Activities'
]

export const REJECT_REASONS = ['Not enough experience', 'Position filled', 'Salary expectations', 'Withdrew', 'Failed assessment', 'Culture add concerns', 'Location mismatch', 'No response']

export const STAGE_NAMES = ['Application Review', 'Phone Screen', 'Technical Interview', 'Onsite', 'Reference Check', 'Offer', 'Hired']

export const PIPELINE_STAGES = ['Prospecting', 'Qualification', 'Needs Analysis', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']

export const PAYMENT_TERMS = ['Net 15', 'Net 30', 'Net 45', 'Net 60', 'Due on receipt']

export const PAYMENT_METHODS = ['Credit Card', 'ACH Transfer', 'Wire Transfer', 'Check', 'PayPal', 'Cash']

export const TAX_NAMES = ['Federal Income Tax', 'State Income Tax', 'Social Security', 'Medicare', 'Sales Tax', 'VAT 20%', 'GST 10%']

export const DEDUCTIONS = ['401(k)', 'Health Insurance', 'Dental Insurance', 'Vision Insurance', 'Commuter', 'HSA']

export const ROLE_NAMES = ['Admin', 'Agent', 'Light Agent', 'Manager', 'Viewer', 'Billing Admin']

export const DRIVE_NAMES = ['Company Drive', 'Shared with me', 'Engineering', 'Finance', 'Marketing Assets']

export const COLLECTION_NAMES = ['Billing', 'Technical Support', 'Onboarding', 'Feature Requests', 'Bugs', 'Security', 'Sales Inquiries', 'Account Management']
