// libFuzzer target: see RecurrenceCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(RecurrenceCheck.run)
