-- Up Migration

-- The short order numbers people read out (#1042, decision 0315). The command API takes the next
-- one before it decides a new project and passes it in, so the creation event carries it. A
-- sequence never hands out a number twice, even to concurrent requests; a request that takes a
-- number and then fails (bad input, a lost race) leaves a gap, which a shop's numbering may have.
-- Starting at 1001 keeps every number four digits for the first nine thousand orders.
CREATE SEQUENCE project_order_numbers AS integer START WITH 1001;

-- Down Migration
DROP SEQUENCE project_order_numbers;
