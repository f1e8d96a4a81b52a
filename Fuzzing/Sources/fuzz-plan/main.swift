// libFuzzer target: see PlanCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(PlanCheck.run)
