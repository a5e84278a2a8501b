include(":phone", ":wear")
